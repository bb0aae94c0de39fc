import { useSearch } from '@tanstack/react-router';

/** The ?bot= of the bot profile screens ('' when missing or not a bot id: the router checks it). */
export function useBotParam(): string {
  const search: { bot?: string } = useSearch({ strict: false });
  return search.bot ?? '';
}
