// Type-checked use of the player's public types (npm run typecheck); never run. The
// `@ts-expect-error` lines fail the check if the types ever loosen.
import { mount, type Player, type PlayerOptions, type Timeline } from '../src/player.js';

export async function use(element: HTMLElement, json: string): Promise<Player> {
  const options: PlayerOptions = { title: 'bst.py', nested: true, sizes: 'python', loopRows: 16, loopNodes: 1000 };
  const player = await mount(element, { trace: json, options }, { keyboard: 'document', hash: true });
  player.addEventListener('step', (event) => console.log((event as CustomEvent<{ step: number }>).detail.step));
  player.goTo(player.count - 1);
  // @ts-expect-error: a size model the player does not know
  const bad: PlayerOptions = { ...options, sizes: 'arm64' };
  // @ts-expect-error: steps are numbers
  player.goTo('last');
  void bad;
  return player;
}

export function where(timeline: Timeline, step: number): string {
  const func = timeline.funcs[timeline.steps.func[step]];
  const stopped = timeline.stoppedBy === 'steps' || timeline.stoppedBy === 'time';
  // @ts-expect-error: the timeline has no heaps
  void timeline.steps.heap;
  return `line ${timeline.steps.line[step]} in ${func}${stopped ? ' (stopped early)' : ''}`;
}
