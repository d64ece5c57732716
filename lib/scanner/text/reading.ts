import type RE2 from "re2";
import { sentences, type Sentence } from "./cues";
import type { NormalizedText } from "./normalize";

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

const readings = new WeakMap<NormalizedText, ReadSentence[]>();

/** A sentence with its answers; a class, not a closure each: a text has dozens of sentences and most are never asked. */
class Reading implements ReadSentence {
  start: number;
  end: number;
  text: string;
  /** Made on the first question. */
  private answers: Map<RE2, boolean> | undefined;

  constructor(sentence: Sentence) {
    this.start = sentence.start;
    this.end = sentence.end;
    this.text = sentence.text;
  }

  has(cue: RE2): boolean {
    this.answers ??= new Map();
    let answer = this.answers.get(cue);
    if (answer === undefined) {
      answer = cue.test(this.text);
      this.answers.set(cue, answer);
    }
    return answer;
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
