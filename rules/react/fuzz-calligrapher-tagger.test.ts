import { definePairFuzz } from "./fuzzSuite.ts";

definePairFuzz("calligrapher", "tagger");
