import RE2 from "re2";
import { sentences, type Sentence } from "./cues";
import type { NormalizedText } from "./normalize";
import type { PatternSet } from "./phrases";

/**
 * A text read once for all rules: its sentences, and for each sentence the
 * answer of every cue asked of it, kept. The instruction, shadowing and
 * secrets rules ask many of the same cues of the same sentences; each cue's
 * expression then runs once per sentence however many rules ask it.
 */
export interface ReadSentence extends Sentence {
  /** Whether the cue's expression matches this sentence (asked once, then remembered). */
  has(cue: RE2): boolean;
}

interface CueGroup {
  set: PatternSet;
  cues: readonly RE2[];
}

const groupOf = new Map<RE2, CueGroup>();

/**
 * Cues a rule asks of the same sentences, answered together: the first
 * question about a sentence runs one RE2 set of them all over it, which
 * answers every cue of the group. Each expression alone is a pass of its
 * own, and in a busy process (the gateway's result guard between the
 * requests of many clients) a pass over a short sentence costs tens of µs,
 * most of it bringing the expression's automaton back into the processor's
 * caches (docs/gateways.md), so that a dozen cues asked one by one cost ten
 * times what one set of them does. A set matches a pattern where the
 * expression alone matches (RE2 reads both the same way); a cue with flags
 * other than RE2's own "u" is asked alone, and a cue already in a group
 * stays in its first.
 */
export function askedTogether(cues: readonly RE2[]): void {
  const fresh = [...new Set(cues)].filter((cue) => cue.flags === "u" && !groupOf.has(cue));
  if (fresh.length < 2) return;
  const group: CueGroup = { set: new RE2.Set(fresh.map((cue) => cue.source), "u"), cues: fresh };
  for (const cue of fresh) groupOf.set(cue, group);
}

const readings = new WeakMap<NormalizedText, ReadSentence[]>();

/** A sentence with its answers; a class, not a closure each: a text has dozens of sentences and most are never asked. */
class Reading implements ReadSentence {
  start: number;
  end: number;
  text: string;
  /** Made on the first question. */
  private answers: Map<RE2, boolean> | undefined;
  /** The groups RE2 gave up on for this sentence: their cues are asked alone, not the set again for each. */
  private unread: Set<CueGroup> | undefined;

  constructor(sentence: Sentence) {
    this.start = sentence.start;
    this.end = sentence.end;
    this.text = sentence.text;
  }

  has(cue: RE2): boolean {
    this.answers ??= new Map();
    let answer = this.answers.get(cue);
    if (answer === undefined) {
      const group = groupOf.get(cue);
      answer = group && !this.unread?.has(group) ? this.answerGroup(group, cue) : cue.test(this.text);
      this.answers.set(cue, answer);
    }
    return answer;
  }

  /** Answers every cue of the group at once; the cue alone when RE2 gives up on the set (its automaton out of memory, where it throws rather than guess). */
  private answerGroup(group: CueGroup, cue: RE2): boolean {
    let found: number[];
    try {
      found = group.set.match(this.text);
    } catch {
      (this.unread ??= new Set()).add(group);
      return cue.test(this.text);
    }
    const matched = new Set(found);
    group.cues.forEach((member, i) => this.answers!.set(member, matched.has(i)));
    return matched.has(group.cues.indexOf(cue));
  }
}

/** The sentences of a normalized text (at most MAX_CUE_TEXT characters of it), read once. */
export function readSentences(norm: NormalizedText): readonly ReadSentence[] {
  let out = readings.get(norm);
  if (!out) {
    out = sentences(norm).map((sentence) => new Reading(sentence));
    readings.set(norm, out);
  }
  return out;
}
