import { defineFuzzSuite } from "./fuzzSuite.ts";

defineFuzzSuite(3);
