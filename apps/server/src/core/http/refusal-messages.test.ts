import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal-messages';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's source files a refusal can be thrown from (tests and test helpers aside). */
function sources(dir = SRC, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'test') sources(p, out);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** The top-level arguments of the call whose `(` is at `open`, as source text. */
function argumentsAt(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      else if (quote === '`' && c === '$' && text[i + 1] === '{') {
        // A placeholder may hold quotes and braces of its own: skip it whole.
        for (let d = 0; i < text.length; i++) {
          if (text[i] === '{') d++;
          else if (text[i] === '}' && --d === 0) break;
        }
      }
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) {
        args.push(text.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

/** The end of the placeholder whose `${` is at `at`: its braces balance (it may hold templates too). */
function placeholderEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** The string literals of an expression (not the nested ones), a template's placeholders standing as `7`. */
function literalsIn(expr: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < expr.length; i++) {
    const q = expr[i]!;
    if (q !== "'" && q !== '"' && q !== '`') continue;
    const compared = /[!=]==\s*$/.test(expr.slice(0, i));
    let text = '';
    for (i++; i < expr.length && expr[i] !== q; i++) {
      if (expr[i] === '\\') text += expr[++i];
      else if (q === '`' && expr[i] === '$' && expr[i + 1] === '{') {
        i = placeholderEnd(expr, i + 1);
        text += '7';
      } else text += expr[i];
    }
    // A compared literal is not shown; one in Chinese is in the caller's language already.
    if (!compared && !/[\u4e00-\u9fff]/.test(text)) found.push(text);
  }
  return found;
}

/** The position of the message among each refusal maker's arguments. */
const MESSAGE_ARG: Record<string, number> = {
  'new AppError': 1,
  badRequest: 1,
  conflict: 0,
  forbidden: 0,
  unauthenticated: 0,
  notFound: 0,
};

/**
 * The refusal texts a source file can send: the message argument of every refusal it makes, a constant
 * or a table of texts it passes there, and `notFound(what)` as "{what} does not exist".
 */
function refusalLiterals(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /(new AppError|\bbadRequest|\bnotFound|\bforbidden|\bunauthenticated|\bconflict)\(/g,
  )) {
    const arg = argumentsAt(text, m.index + m[0].length - 1)[MESSAGE_ARG[m[1]!]!];
    if (!arg || /\blang\b/.test(arg)) continue; // none, or already in the caller's language
    const named = /^([A-Z][A-Z0-9_]*)(?:\[|$)/.exec(arg)?.[1];
    if (named) {
      const decl = new RegExp(`const ${named}\\b[^=]*=\\s*`).exec(text);
      if (decl) {
        const at = decl.index + decl[0].length;
        const body =
          text[at] === '{' ? text.slice(at, text.indexOf('\n};', at)) : text.slice(at, text.indexOf(';', at));
        found.push(...literalsIn(body.replace(/^\s*\w+:/gm, '')));
      }
      continue;
    }
    const literals = literalsIn(arg);
    found.push(...(m[1] === 'notFound' ? literals.map((w) => `${w} does not exist`) : literals));
  }
  // A maker's own template (`${field}: ${message}`, `${what} does not exist`) is not a text.
  return found.filter((t) => !/^[7: ]*$/.test(t) && t !== '7 does not exist');
}

const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

describe('refusals in the caller language', () => {
  it('has a zh-CN text for every refusal literal of the server sources', () => {
    const all = new Map<string, string>();
    for (const file of sources()) {
      for (const t of refusalLiterals(readFileSync(file, 'utf8'))) all.set(t, path.relative(SRC, file));
    }
    expect(all.size).toBeGreaterThan(300);
    const missing = [...all]
      .filter(([t]) => !hasChinese(refusalText(t, 'zh-CN')))
      .map(([t, f]) => `${f}: ${t}`);
    expect(missing).toEqual([]);
  });

  it('finds a new English-only refusal, so the test above fails on it', () => {
    const source = `
      if (x) throw badRequest('startDate', 'a brand new rule');
      if (y) throw new AppError('business', \`only \${n} left of the new thing\`);
      if (z) throw notFound('new thing');
      throw forbidden(kind === 'a' ? 'the first new refusal' : 'the second new refusal');`;
    const found = refusalLiterals(source);
    expect(found).toEqual([
      'a brand new rule',
      'only 7 left of the new thing',
      'new thing does not exist',
      'the first new refusal',
      'the second new refusal',
    ]);
    expect(found.filter((t) => hasChinese(refusalText(t, 'zh-CN')))).toEqual([]);
  });

  it('answers en-US as written and zh-CN with the field, figures and names kept', () => {
    expect(refusalText('only staff', 'en-US')).toBe('only staff');
    expect(refusalText('only staff', 'zh-CN')).toBe('仅限工作人员');
    expect(refusalText('plan does not exist', 'zh-CN')).toBe('测评计划不存在');
    expect(refusalText('deptId: the department is outside your data scope', 'zh-CN')).toBe(
      'deptId: 该机构不在您的数据范围内',
    );
    expect(refusalText('the department has 3 users, move them to another department first', 'zh-CN')).toBe(
      '该机构有 3 名用户，请先将他们移到其他机构',
    );
    // The contracts' catalogue first: one text per rule.
    expect(refusalText('email: email format incorrect', 'zh-CN')).toBe('email: 邮箱格式不正确');
    expect(refusalText('已经是中文', 'zh-CN')).toBe('已经是中文');
  });
});
