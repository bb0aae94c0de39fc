// /memory-match?schedule=<uuid> (spec part 2 §2 "memory match (instructions page)", §7
// mtc/get-matrix, mtc/set-user-state): the instructions, then the board the server dealt. Once
// loaded the board is on the phone and plays offline; the completion is recorded at once and
// queued (src/sync/games-sync.ts), and the screen says whether it waits, was recorded or refused.
import { useEffect, useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { completeMemoryBoard, loadMemoryBoard } from '../../db/commands';
import { useGames } from '../../db/hooks';
import { MEMORY_MATCH_REWARD_MINOR, REWARDS_CURRENCY } from '../../domain/engage-rewards';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { MemoryGrid } from './memory-grid';
import { RewardsFrame } from './rewards-frame';
import { money } from './rewards-screen';

function Board({ schedule, online }: { schedule: string; online: boolean }) {
  const t = useT();
  const { value: board } = useGames('mtc', schedule);
  const [started, setStarted] = useState(false);
  // a refused completion (e.g. too fast) may be played again: a new round remounts the board
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (online && !board) void loadMemoryBoard(schedule);
  }, [online, board, schedule]);

  const start = async () => {
    setError(null);
    if (!board) {
      const r = await loadMemoryBoard(schedule);
      if (!r.ok) {
        setError(t(r.error.key === 'noResponse' ? 'rewards.mtc.needsNetwork' : 'engage.error'));
        return;
      }
    }
    setStarted(true);
  };
  const completion = board?.completion;
  const done = board?.matrix.completed || completion?.state === 'done';
  return (
    <section className="games-section" data-testid="memory-match">
      <p>{t('rewards.mtc.instructions', { amount: money(MEMORY_MATCH_REWARD_MINOR, REWARDS_CURRENCY) })}</p>
      {error && <p className="games-note games-note--error" role="alert">{error}</p>}
      {!started && !done && !completion && <Button block onClick={() => void start()}>{t('rewards.mtc.start')}</Button>}
      {board && (started || completion || done) && (
        <MemoryGrid key={round} cards={board.matrix.cards} columns={board.matrix.columns} done={Boolean(done || completion?.state === 'queued')}
          onComplete={(moves, ms) => void completeMemoryBoard(schedule, moves, ms)} />
      )}
      {completion?.state === 'queued' && <p className="games-note" role="status" data-testid="mtc-queued">{t('rewards.mtc.queued')}</p>}
      {done && <p className="games-note games-note--ok" role="status" data-testid="mtc-done">{t('rewards.mtc.won', { amount: money(completion?.result?.reward.amount_minor ?? MEMORY_MATCH_REWARD_MINOR, REWARDS_CURRENCY) })}</p>}
      {completion?.state === 'refused' && (
        <>
          <p className="games-note games-note--error" role="alert">{t('rewards.mtc.refused', { message: completion.message ?? '' })}</p>
          <Button block onClick={() => { setRound((r) => r + 1); setStarted(true); }}>{t('rewards.mtc.start')}</Button>
        </>
      )}
    </section>
  );
}

export default function MemoryMatchScreen() {
  const t = useT();
  const { schedule } = useSearch({ from: '/memory-match' });
  return (
    <RewardsFrame title={t('rewards.mtc.title')}>
      {(home, online) => {
        const id = schedule || home.live_game_list.find((g) => g.type === 'mtc')?.game_schedule_uuid || '';
        return id ? <Board schedule={id} online={online} /> : <p className="games-note">{t('rewards.noGame')}</p>;
      }}
    </RewardsFrame>
  );
}
