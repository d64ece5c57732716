import type { Rule } from "../types";
import { hiddenContent } from "./hidden-content";
import { modelInstructions } from "./model-instructions";
import { plainHttp } from "./plain-http";
import { unauthenticatedEndpoint } from "./unauthenticated-endpoint";

/** Every rule, the free tier's ("basic": injection and transport) first. */
export const RULES: readonly Rule[] = [modelInstructions, hiddenContent, plainHttp, unauthenticatedEndpoint];
