import { definePairFuzz } from "./fuzzSuite.ts";

definePairFuzz("dancer", "painter");
