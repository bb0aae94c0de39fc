// The app's side of the mini-app bridge (src/domain/mini-app-bridge.ts): listens for messages from
// the mini app's own frame only (its window and its opaque 'null' origin: the frame is sandboxed
// without allow-same-origin), validates each against the versioned schema, runs it and replies.
// Storage and sign-on need the network (the failure is the reply); activity is queued; a
// permission is asked of the user once per mini app and the answer kept on the device.
import { useEffect, useRef, type RefObject } from 'react';
import { getMiniAppGrant, getMiniAppStorageValue, reportMiniAppActivity, setMiniAppPermission, setMiniAppStorageValue } from '../../db/commands';
import { BRIDGE_VERSION, fromMiniApp, parseBridgeRequest, replyError, replyOk, type BridgeReply, type BridgeRequest } from '../../domain/mini-app-bridge';
import { nativeLinkTarget, type MiniAppPermission } from '../../domain/mini-apps';

/** What a sandboxed frame's messages carry as their origin. */
export const SANDBOXED_ORIGIN = 'null';

export interface BridgeHost {
  miniAppUuid: string;
  language: string;
  /** The stored answers (absent: not asked yet). */
  permissions: Partial<Record<MiniAppPermission, boolean>>;
  /** Asks the user; resolves with the answer. */
  askPermission(permission: MiniAppPermission): Promise<boolean>;
  openNative(path: string): void;
  notSupported(path: string): void;
  close(): void;
}

export function useMiniAppBridge(frame: RefObject<HTMLIFrameElement | null>, host: BridgeHost | null): void {
  // the latest host without re-subscribing on every render
  const hostRef = useRef(host);
  hostRef.current = host;

  useEffect(() => {
    async function run(request: BridgeRequest, h: BridgeHost): Promise<BridgeReply> {
      const { id } = request;
      switch (request.type) {
        case 'hello':
          return replyOk(id, { bridge_version: BRIDGE_VERSION, mini_app_uuid: h.miniAppUuid, language: h.language });
        case 'storage.get': {
          const r = await getMiniAppStorageValue(h.miniAppUuid, request.key);
          return r.ok ? replyOk(id, { key: request.key, value: r.value }) : replyError(id, r.error.key);
        }
        case 'storage.set': {
          const r = await setMiniAppStorageValue(h.miniAppUuid, request.key, request.value);
          return r.ok ? replyOk(id, { key: request.key }) : replyError(id, r.error.key);
        }
        case 'permission.request': {
          const stored = h.permissions[request.permission];
          if (stored !== undefined) return replyOk(id, { permission: request.permission, granted: stored });
          const granted = await h.askPermission(request.permission);
          await setMiniAppPermission(h.miniAppUuid, request.permission, granted);
          return replyOk(id, { permission: request.permission, granted });
        }
        case 'sso.grant': {
          const r = await getMiniAppGrant(h.miniAppUuid);
          return r.ok ? replyOk(id, r.value) : replyError(id, r.error.key);
        }
        case 'activity.set':
          await reportMiniAppActivity(h.miniAppUuid, request.activity, request.score);
          return replyOk(id, { queued: true });
        case 'open-link': {
          const to = nativeLinkTarget(request.path);
          if (!to) {
            h.notSupported(request.path);
            return replyError(id, 'miniAppNotSupported');
          }
          h.openNative(to);
          return replyOk(id, { opened: to });
        }
        case 'close':
          h.close();
          return replyOk(id, {});
      }
    }

    const onMessage = (event: MessageEvent) => {
      const win = frame.current?.contentWindow;
      const h = hostRef.current;
      if (!h || !fromMiniApp(event, win, SANDBOXED_ORIGIN)) return;
      const parsed = parseBridgeRequest(event.data);
      // an opaque origin can only be addressed with '*'; the reply goes to this frame's window alone
      const reply = (r: BridgeReply) => win?.postMessage(r, '*');
      if (!parsed.ok) {
        if (parsed.id) reply(replyError(parsed.id, parsed.error));
        return;
      }
      void run(parsed.request, h).then(reply, (err: unknown) => reply(replyError(parsed.request.id, err instanceof Error ? err.message : 'failed')));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
}
