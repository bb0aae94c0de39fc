// The confirm modal (deny / allow) as a promise: `if (await confirm({...})) doIt()`.
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';

export interface ConfirmRequest {
  title: string;
  body?: string;
  denyLabel: string;
  allowLabel: string;
  destructive?: boolean;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const Ctx = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  };
  return (
    <Ctx.Provider value={confirm}>
      {children}
      {request && (
        <ConfirmDialog
          title={request.title}
          body={request.body}
          denyLabel={request.denyLabel}
          allowLabel={request.allowLabel}
          destructive={request.destructive}
          onDeny={() => answer(false)}
          onAllow={() => answer(true)}
        />
      )}
    </Ctx.Provider>
  );
}

export function useConfirm(): Confirm {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useConfirm outside ConfirmProvider');
  return ctx;
}
