import { definePairFuzz } from "./fuzzSuite.ts";

definePairFuzz("calligrapher", "painter");
