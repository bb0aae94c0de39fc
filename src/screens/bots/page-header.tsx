// The bot screens' app bar: the shared one (../shared/page-header.tsx), going home when there is no history.
import { useNavigate } from '@tanstack/react-router';
import { PageHeader as SharedPageHeader } from '../shared/page-header';

export function PageHeader({ title }: { title: string }) {
  const navigate = useNavigate();
  return <SharedPageHeader title={title} onFallback={() => void navigate({ to: '/home' })} />;
}
