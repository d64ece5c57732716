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

function read(sentence: Sentence): ReadSentence {
  // Made on the first question: most sentences of a long text are never asked one.
  let answers: Map<RE2, boolean> | undefined;
  return {
    start: sentence.start,
    end: sentence.end,
    text: sentence.text,
    has(cue) {
      answers ??= new Map();
      let answer = answers.get(cue);
      if (answer === undefined) {
        answer = cue.test(sentence.text);
        answers.set(cue, answer);
      }
      return answer;
    },
  };
}

/** The sentences of a normalized text (at most MAX_CUE_TEXT characters of it), read once. */
export function readSentences(norm: NormalizedText): readonly ReadSentence[] {
  let out = readings.get(norm);
  if (!out) {
    out = sentences(norm).map(read);
    readings.set(norm, out);
  }
  return out;
}
