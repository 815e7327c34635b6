import { definePairFuzz } from "./fuzzSuite.ts";

definePairFuzz("dancer", "tagger");
