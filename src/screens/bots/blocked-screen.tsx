// /blocked: the bots the user blocked (spec part 1 §2), with unblock.
import { BotListView } from './bot-list-view';

export default function BlockedScreen() {
  return <BotListView list="blocked" />;
}
