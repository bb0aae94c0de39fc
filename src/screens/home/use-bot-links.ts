// Where Discover's taps go: a bot's chat (subscribing happens through initiate-conversation on
// its first open), its profile (/bot-info, another part's route), a banner's link, a mini app.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { deeplinkTarget } from './discover-format';

export function useBotLinks() {
  const navigate = useNavigate();
  const router = useRouter();
  const openChat = (botUuid: string) => void navigate({ to: '/chat/$botUuid', params: { botUuid } });
  return {
    openChat,
    // the profile route belongs to the bot profile part; its path is the spec's
    openInfo: (botUuid: string) => router.history.push(`/bot-info?bot=${encodeURIComponent(botUuid)}`),
    openLink: (link: string) => {
      const target = deeplinkTarget(link);
      if (target?.kind === 'chat') openChat(target.botUuid);
      else if (target) router.history.push(target.path);
    },
  };
}
