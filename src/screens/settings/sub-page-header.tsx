// The app bar of the pages settings opens (feedback, FAQs, terms): the shared one, whose back
// falls back to settings when there is no history (a link opened in a new tab).
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../shared/page-header';

export function SubPageHeader({ title }: { title: string }) {
  const navigate = useNavigate();
  return <PageHeader title={title} onFallback={() => void navigate({ to: '/settings' })} />;
}
