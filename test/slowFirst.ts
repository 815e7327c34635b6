/**
 * Test files start longest first: on CI's two workers one long file left for the end runs
 * alone (a browser restart test takes minutes), so the slow ones go first and the many short
 * ones fill in beside them. The list is ordered by the durations CI measured; files not listed
 * keep vitest's own order after them.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOW_FIRST = [
  "test/web/table-play.e2e.test.ts",
  "test/web/restart.e2e.test.ts",
  "test/web/rematch.e2e.test.ts",
  "test/client-example.test.ts",
  "test/ops-docker.test.ts",
  "test/durable-restart.test.ts",
  "test/web/games.e2e.test.ts",
  "test/cluster-rooms.test.ts",
  "test/cluster-front.test.ts",
  "test/cluster-ranked.test.ts",
  "test/bots-spectators.test.ts",
  "server/db/embedded.test.ts",
  "test/ranked-queue.test.ts",
  "test/ops-server.test.ts",
  "test/web/watch.e2e.test.ts",
  "rules/achroma/leak-redeal.test.ts",
  "test/web/solrei.e2e.test.ts",
  "test/turn-clock.test.ts",
  "test/ranked-room.test.ts",
  "rules/resonance/fuzz-4p.test.ts",
  "rules/resonance/fuzz-3p.test.ts",
];

const rank = (spec: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
  return i === -1 ? SLOW_FIRST.length : i;
};

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
