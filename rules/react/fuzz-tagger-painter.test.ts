import { definePairFuzz } from "./fuzzSuite.ts";

definePairFuzz("tagger", "painter");
