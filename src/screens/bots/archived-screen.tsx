// /archived: the archived conversations (spec part 1 §2), with unarchive.
import { BotListView } from './bot-list-view';

export default function ArchivedScreen() {
  return <BotListView list="archived" />;
}
