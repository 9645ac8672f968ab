// One-pass literal gate: finds which of many literal strings occur in a text. An Aho-Corasick
// automaton compiled to a dense transition table over the literals' own characters, so the scan
// costs one table lookup per character whatever the number of literals (a regex alternation of
// 250 literals tries every alternative at every position, which dominated the detector's cost).

export interface LiteralGate {
  /** Literals that occur in `text`. */
  scan(text: string): Set<string>;
}

/** A literal gate that can also tell, stopping at the first, whether any literal occurs in a span. */
export interface LiteralSearch extends LiteralGate {
  /** Whether one of the literals occurs whole inside `text[from, to)`. */
  any(text: string, from?: number, to?: number): boolean;
}

export function literalGate(literals: Iterable<string>): LiteralSearch {
  const list = [...new Set(literals)].filter((l) => l.length > 0);
  // character classes: 0 = a character no literal contains
  const cls = new Uint16Array(65536);
  let classes = 1;
  for (const l of list) for (let i = 0; i < l.length; i++) if (cls[l.charCodeAt(i)] === 0) cls[l.charCodeAt(i)] = classes++;
  // trie
  const children: Array<Map<number, number>> = [new Map()];
  const ends: number[][] = [[]];
  list.forEach((l, li) => {
    let s = 0;
    for (let i = 0; i < l.length; i++) {
      const c = cls[l.charCodeAt(i)]!;
      let next = children[s]!.get(c);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        ends.push([]);
        children[s]!.set(c, next);
      }
      s = next;
    }
    ends[s]!.push(li);
  });
  // failure links (BFS) and the dense transition table
  const n = children.length;
  const delta = new Int32Array(n * classes);
  const fail = new Int32Array(n);
  const out: number[][] = ends.map((e) => [...e]);
  const queue: number[] = [];
  for (const [c, child] of children[0]!) {
    delta[c] = child;
    queue.push(child);
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q]!;
    out[s]!.push(...out[fail[s]!]!);
    for (let c = 0; c < classes; c++) {
      const child = children[s]!.get(c);
      if (child === undefined) delta[s * classes + c] = delta[fail[s]! * classes + c]!;
      else {
        fail[child] = delta[fail[s]! * classes + c]!;
        delta[s * classes + c] = child;
        queue.push(child);
      }
    }
  }
  const hasOut = Uint8Array.from(out, (o) => (o.length > 0 ? 1 : 0));
  // states pre-multiplied by `classes` so the hot loop does one add per character; a transition
  // into a state that ends a literal is stored negated (-s - 1): one load and a sign test per character
  const next = new Int32Array(n * classes);
  for (let i = 0; i < next.length; i++) {
    const t = delta[i]!;
    next[i] = hasOut[t] === 1 ? -(t * classes) - 1 : t * classes;
  }
  // states already reported, stamped with the scan's number: no table to allocate and clear per scan
  const stamp = new Uint32Array(n);
  const maxLength = list.reduce((m, l) => Math.max(m, l.length), 0);
  let gen = 0;
  return {
    scan(text: string): Set<string> {
      if (++gen === 0xffffffff) {
        stamp.fill(0);
        gen = 1;
      }
      const g = gen;
      // common literals recur many times in a text: remember each state once, build the Set at the end
      const hitStates: number[] = [];
      // Each character's step waits on the one before it (a chain of dependent loads), so the text
      // is read as two halves at once: two independent chains side by side on one core. The second
      // starts `maxLength` characters before the middle: a state is the longest suffix of what was
      // read that begins a literal, never longer than a literal, so by the middle it is in the state
      // the first reaches there (what it finds before is in the text all the same). The first reads
      // on as far as the second has to go: one loop, no tail.
      const len = text.length;
      let s = 0;
      let t = 0;
      for (let i = 0, j = Math.max(0, (len >> 1) - maxLength); j < len; i++, j++) {
        s = next[s + cls[text.charCodeAt(i)]!]!;
        t = next[t + cls[text.charCodeAt(j)]!]!;
        if (s < 0) {
          s = -s - 1;
          if (stamp[s / classes] !== g) hitStates.push(s / classes);
          stamp[s / classes] = g;
        }
        if (t < 0) {
          t = -t - 1;
          if (stamp[t / classes] !== g) hitStates.push(t / classes);
          stamp[t / classes] = g;
        }
      }
      const found = new Set<string>();
      for (const st of hitStates) for (const li of out[st]!) found.add(list[li]!);
      return found;
    },
    any(text: string, from = 0, to = text.length): boolean {
      let s = 0;
      for (let i = from; i < to; i++) {
        s = next[s + cls[text.charCodeAt(i)]!]!;
        if (s < 0) return true;
      }
      return false;
    },
  };
}

/**
 * Whether one of a literal gate's finds is among `literals`. The finds are few and a scanner's
 * words many: reading the finds costs a lookup each, asking for every word a lookup per word.
 */
export function holdsAny(present: ReadonlySet<string>, literals: ReadonlySet<string>): boolean {
  for (const l of present) if (literals.has(l)) return true;
  return false;
}

/** Texts this long are read as two halves at once (LiteralGate.scan); shorter ones in one pass. */

/**
 * Which rules' gates fired: `gates[r]` are rule r's literals; the result lists, ascending, each r
 * one of whose literals is in `present`. One pass over the (few) present literals instead of every
 * rule probing the Set, and a list rather than a mask of every rule: a typed array of a few hundred
 * rules allocated per scan cost more than the rules it let skip.
 */
export function gatedRules(gates: ReadonlyArray<readonly string[]>): (present: ReadonlySet<string>) => number[] {
  const rulesOf = new Map<string, number[]>();
  gates.forEach((literals, r) => {
    for (const l of literals) {
      const list = rulesOf.get(l);
      if (list) list.push(r);
      else rulesOf.set(l, [r]);
    }
  });
  // rules already listed by this call, cleared before it returns
  const listed = new Uint8Array(gates.length);
  return (present) => {
    const active: number[] = [];
    for (const l of present) {
      const rules = rulesOf.get(l);
      if (rules === undefined) continue;
      for (const r of rules)
        if (listed[r] === 0) {
          listed[r] = 1;
          active.push(r);
        }
    }
    for (const r of active) listed[r] = 0;
    return sortSmall(active);
  };
}

/** Ascending in place: an insertion sort for the usual short list (Array#sort's comparator calls cost more). */
function sortSmall(xs: number[]): number[] {
  if (xs.length > 32) return xs.sort((a, b) => a - b);
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    for (; j >= 0 && xs[j]! > x; j--) xs[j + 1] = xs[j]!;
    xs[j + 1] = x;
  }
  return xs;
}

/**
 * Letters outside ASCII that other languages' literals contain: Latin-1 and Latin Extended
 * (accents), Greek, Cyrillic, Arabic, Indic, Thai, Vietnamese, kana, CJK, Hangul, full-width forms.
 * General punctuation (’ “ — …), zero-width characters and emoji are outside it, so English text
 * with curly quotes still skips the second tier.
 */
const SCRIPT_LETTER = /[\u00c0-\u1fff\u3000-\ud7ff\uf900-\ufaff\uff00-\uffef]/;

/**
 * Two gates in one: literals holding a SCRIPT_LETTER go into a second automaton that only scans
 * text which holds one too (a literal can only occur in a text that has its characters), so
 * English text pays for one automaton over the English literals, whose table stays small:
 * every distinct character of the other scripts would otherwise be a column of the first table.
 * The result is exactly literalGate(literals).scan(text).
 */
export function tieredGate(literals: Iterable<string>): LiteralGate {
  const all = [...new Set(literals)];
  const first = literalGate(all.filter((l) => !SCRIPT_LETTER.test(l)));
  const second = literalGate(all.filter((l) => SCRIPT_LETTER.test(l)));
  return {
    scan(text: string): Set<string> {
      const found = first.scan(text);
      if (SCRIPT_LETTER.test(text)) for (const l of second.scan(text)) found.add(l);
      return found;
    },
  };
}
