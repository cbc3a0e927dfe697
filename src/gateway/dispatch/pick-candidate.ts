import type { ModelRouting } from '../../config/catalogue-types.js';
import type { CircuitBoard } from './circuit-board.js';
import type { DeploymentLoad } from './deployment-load.js';
import type { Candidate, CredentialLane } from './route-plan.js';

/** What selection reads besides the candidates. */
export interface PickContext {
  readonly board: CircuitBoard;
  readonly load: DeploymentLoad;
  /** Uniform in [0, 1). */
  readonly random: () => number;
  readonly now: number;
  /** Tokens the request counts against a deployment's `tpm`. */
  readonly tokens: number;
}

/**
 * Choose the deployment for the next attempt: among those whose circuit lets a request through,
 * that have room under their own limits and a usable credential, prefer ones not yet tried by this
 * request; then by weight (random in proportion) or, with `least-in-flight`, the fewest requests in
 * flight per unit of weight (ties by weight). Null when none can take the request.
 */
export function pickCandidate(candidates: readonly Candidate[], routing: ModelRouting, tried: ReadonlySet<string>, ctx: PickContext): Candidate | null {
  let usable: Candidate[] = [];
  let fresh: Candidate[] = [];
  for (const c of candidates) {
    if (!ctx.board.available(c.deployment.key, ctx.now) || !ctx.load.hasRoom(c.deployment, ctx.tokens)) continue;
    if (!c.lanes.some((lane) => ctx.board.available(lane.key, ctx.now))) continue;
    usable.push(c);
    if (!tried.has(c.deployment.key)) fresh.push(c);
  }
  if (fresh.length > 0) usable = fresh;
  if (usable.length === 0) return null;
  if (usable.length === 1) return usable[0]!;
  if (routing.balance === 'least-in-flight') {
    let best = Infinity;
    fresh = [];
    for (const c of usable) {
      const busy = ctx.load.inFlight(c.deployment.key) / c.deployment.weight;
      if (busy < best) {
        best = busy;
        fresh = [c];
      } else if (busy === best) fresh.push(c);
    }
    usable = fresh;
  }
  return byWeight(usable, ctx.random());
}

function byWeight(candidates: readonly Candidate[], r: number): Candidate {
  let total = 0;
  for (const c of candidates) total += c.deployment.weight;
  let at = r * total;
  for (const c of candidates) {
    at -= c.deployment.weight;
    if (at < 0) return c;
  }
  return candidates[candidates.length - 1]!;
}

/** Round-robin position per deployment, so a key pool spreads its requests. */
const turns = new Map<string, number>();

/** The next usable credential of `candidate` (round robin), skipping ones out of rotation. */
export function pickLane(candidate: Candidate, board: CircuitBoard, now: number, skip: ReadonlySet<string>): CredentialLane | null {
  const lanes = candidate.lanes;
  if (lanes.length === 1) return skip.has(lanes[0]!.key) || !board.available(lanes[0]!.key, now) ? null : lanes[0]!;
  const start = turns.get(candidate.deployment.key) ?? 0;
  for (let i = 0; i < lanes.length; i++) {
    const lane = lanes[(start + i) % lanes.length]!;
    if (skip.has(lane.key) || !board.available(lane.key, now)) continue;
    turns.set(candidate.deployment.key, (start + i + 1) % lanes.length);
    return lane;
  }
  return null;
}
