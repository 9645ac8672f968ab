// Go RE2 pattern → JavaScript RegExp source. gitleaks writes its rules for Go's regexp package:
// inline flag groups that JavaScript (before ES2025 modifiers) lacks — `(?i)` part-way through a
// pattern, `(?-i:…)`, `(?i:…)`, `(?s)` — plus `\z`, `\A` and `(?P<name>…)`. Case-insensitive
// scopes are rewritten by spelling both cases out (`a` → `[aA]`, `[a-f]` → `[a-fA-F]`), so the
// result needs no flag but `s` when dot-all is on everywhere, and means exactly what RE2 means.

interface Out {
  src: string;
  /** `i` when the whole pattern is case-insensitive, `s` for dot-all. */
  flags: string;
}

const isLetter = (c: string) => /^[A-Za-z]$/.test(c);
const swap = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/** A character class body (between [ and ]) with the other case of every letter range added. */
function foldClass(body: string): string {
  const extra: string[] = [];
  let i = 0;
  // leading ^ (negation) and a literal ] first are kept by the caller
  while (i < body.length) {
    let lo: string;
    if (body[i] === "\\") {
      // escapes (\w, \d, \x60, \-) carry no letters to fold, except an escaped letter literal
      const esc = body.slice(i, i + 2);
      if (body[i + 1] === "x") {
        i += 4;
        continue;
      }
      i += 2;
      if (!/^\\[A-Za-z]$/.test(esc) || /[wWdDsSbBnrtfv]/.test(esc[1]!)) continue;
      lo = esc[1]!;
    } else lo = body[i++]!;
    let hi = lo;
    if (body[i] === "-" && i + 1 < body.length && body[i + 1] !== "]") {
      hi = body[i + 1] === "\\" ? body[i + 2]! : body[i + 1]!;
      i += body[i + 1] === "\\" ? 3 : 2;
    }
    for (const [a, z] of [
      ["a", "z"],
      ["A", "Z"],
    ] as const) {
      const from = lo > a ? lo : a;
      const to = hi < z ? hi : z;
      if (from <= to) extra.push(from === to ? swap(from) : `${swap(from)}-${swap(to)}`);
    }
  }
  return body + extra.join("");
}

/**
 * Convert `re2` to a JavaScript source. Throws on a construct it does not know (the generator then
 * fails loudly instead of shipping a pattern that means something else).
 */
export function re2ToJs(re2: string): Out {
  let p = re2;
  let globalI = false;
  let dotAll = false;
  // leading global flags: (?i), (?s), (?is)…
  for (let m = /^\(\?([imsU]+)\)/.exec(p); m; m = /^\(\?([imsU]+)\)/.exec(p)) {
    if (m[1]!.includes("i")) globalI = true;
    if (m[1]!.includes("s")) dotAll = true;
    if (/[mU]/.test(m[1]!)) throw new Error(`unsupported flag (?${m[1]}) in ${re2}`);
    p = p.slice(m[0].length);
  }
  // case-insensitivity by scope: a stack of group states; `(?i)` inside a group lasts to its end
  const stack: Array<[ci: boolean, ds: boolean]> = [];
  let ci = globalI;
  // dot-all scopes: `.` becomes [\s\S] inside them (the `s` flag covers a leading (?s))
  let ds = false;
  let out = "";
  // the `i` flag serves when the whole pattern is case-insensitive; otherwise scopes are folded
  const useFlagI = globalI && !/\(\?-i[):]/.test(p);
  const literal = (c: string) => {
    const fold = ci && !useFlagI && isLetter(c);
    out += fold ? `[${c}${swap(c)}]` : c;
  };
  let i = 0;
  while (i < p.length) {
    const c = p[i]!;
    if (c === "\\") {
      const n = p[i + 1];
      if (n === undefined) throw new Error(`trailing backslash in ${re2}`);
      if (n === "z") out += "$";
      else if (n === "A") out += "^";
      else if (n === "Q" || n === "C" || n === "p" || n === "P") throw new Error(`unsupported escape \\${n} in ${re2}`);
      else if (n === "x" && p[i + 2] === "{") throw new Error(`unsupported \\x{…} in ${re2}`);
      else if (isLetter(n) && !/[wWdDsSbBnrtfvx]/.test(n)) throw new Error(`unknown escape \\${n} in ${re2}`);
      else if (n === "x") {
        out += p.slice(i, i + 4);
        i += 4;
        continue;
      } else out += `\\${n}`;
      i += 2;
      continue;
    }
    if (c === "[") {
      // class: copy to the closing ] (a ] right after [ or [^ is literal); POSIX classes unsupported
      let j = i + 1;
      if (p[j] === "^") j++;
      if (p[j] === "]") j++;
      while (j < p.length && p[j] !== "]") {
        if (p[j] === "\\") j++;
        else if (p[j] === "[" && p[j + 1] === ":") throw new Error(`POSIX class in ${re2}`);
        j++;
      }
      const whole = p.slice(i + 1, j);
      const neg = whole.startsWith("^");
      const body = neg ? whole.slice(1) : whole;
      out += `[${neg ? "^" : ""}${ci && !useFlagI ? foldClass(body) : body}]`;
      i = j + 1;
      continue;
    }
    if (c === "(") {
      if (p[i + 1] === "?") {
        const flag = /^\(\?(-?)([is]+)(\)|:)/.exec(p.slice(i));
        if (flag) {
          const on = flag[1] !== "-";
          if (flag[3] === ")") {
            // rest of the current group
            if (flag[2]!.includes("i")) ci = on;
            if (flag[2]!.includes("s")) ds = on;
            i += flag[0].length;
            continue;
          }
          stack.push([ci, ds]);
          if (flag[2]!.includes("i")) ci = on;
          if (flag[2]!.includes("s")) ds = on;
          out += "(?:";
          i += flag[0].length;
          continue;
        }
        const named = /^\(\?P?<([A-Za-z_]\w*)>/.exec(p.slice(i));
        if (named) {
          stack.push([ci, ds]);
          out += `(?<${named[1]}>`;
          i += named[0].length;
          continue;
        }
        if (p[i + 2] === ":") {
          stack.push([ci, ds]);
          out += "(?:";
          i += 3;
          continue;
        }
        throw new Error(`unsupported group ${p.slice(i, i + 6)} in ${re2}`);
      }
      stack.push([ci, ds]);
      out += "(";
      i++;
      continue;
    }
    if (c === ")") {
      if (stack.length === 0) throw new Error(`unbalanced ) in ${re2}`);
      [ci, ds] = stack.pop()!;
      out += ")";
      i++;
      continue;
    }
    if (c === "{") {
      // a quantifier {n}, {n,}, {n,m}; otherwise a literal brace (RE2 allows it unescaped)
      const q = /^\{\d+(?:,\d*)?\}/.exec(p.slice(i));
      if (q) {
        out += q[0];
        i += q[0].length;
      } else {
        out += "\\{";
        i++;
      }
      continue;
    }
    if (c === "}") {
      out += "\\}";
      i++;
      continue;
    }
    if (c === "/") {
      out += "\\/";
      i++;
      continue;
    }
    if (c === "." && ds && !dotAll) out += "[\\s\\S]";
    else literal(c);
    i++;
  }
  if (stack.length) throw new Error(`unbalanced ( in ${re2}`);
  return { src: out, flags: (useFlagI ? "i" : "") + (dotAll ? "s" : "") };
}
