import type { Rule } from "../types";
import { dangerousCapabilities } from "./dangerous-capabilities";
import { hiddenContent } from "./hidden-content";
import { modelInstructions } from "./model-instructions";
import { plainHttp } from "./plain-http";
import { rugPull } from "./rug-pull";
import { schemaHygiene } from "./schema-hygiene";
import { sensitiveReferences } from "./sensitive-references";
import { toolNameCollision } from "./tool-name-collision";
import { thirdPartyCopy } from "./third-party-copy";
import { toolShadowing } from "./tool-shadowing";
import { unauthenticatedEndpoint } from "./unauthenticated-endpoint";

/** Every rule, the free tier's ("basic": injection and transport) first. */
export const RULES: readonly Rule[] = [
  modelInstructions,
  hiddenContent,
  plainHttp,
  unauthenticatedEndpoint,
  sensitiveReferences,
  toolShadowing,
  thirdPartyCopy,
  toolNameCollision,
  rugPull,
  dangerousCapabilities,
  schemaHygiene,
];
