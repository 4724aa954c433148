import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasLocalisedMessage, localiseMessage } from './message-catalog';

/** The message literals of the contract files: the second argument of a rule, or a `message:`/`error:`. */
function contractMessages(): string[] {
  const dir = new URL('.', import.meta.url);
  const found = new Set<string>();
  const re =
    /(?:\.(?:min|max|regex|refine|length|email|int|positive|nonnegative|url|gte|lte|lt|gt|nonempty)\([^()]*?,\s*|message:\s*|error:\s*)(['`])([^'`]+)\1/g;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const text = readFileSync(new URL(name, dir), 'utf8');
    for (const m of text.matchAll(re)) {
      // A template's placeholders stand for a number or a list.
      found.add(m[2]!.replace(/\$\{[^}]*\.join\(.*$/, 'a, b').replace(/\$\{[^}]+\}/g, '7'));
    }
  }
  return [...found];
}

describe('validation messages in the caller language', () => {
  it('has a zh-CN text for every message literal of the contracts', () => {
    const messages = contractMessages();
    expect(messages.length).toBeGreaterThan(100);
    expect(messages.filter((m) => !hasLocalisedMessage(m))).toEqual([]);
  });

  it('answers en-US as written and zh-CN from the catalogue, numbers and lists kept', () => {
    expect(localiseMessage('email format incorrect', 'en-US')).toBe('email format incorrect');
    expect(localiseMessage('email format incorrect', 'zh-CN')).toBe('邮箱格式不正确');
    expect(localiseMessage('at most 50 characters', 'zh-CN')).toBe('最多 50 个字符');
    expect(localiseMessage('must be one of a, b', 'zh-CN')).toBe('必须是以下之一：a, b');
    // Taken from the rules' own bilingual tables.
    expect(localiseMessage('birth date cannot be in the future', 'zh-CN')).toBe('出生日期不能晚于今天');
    // Unknown text stays as it is.
    expect(localiseMessage('已经是中文', 'zh-CN')).toBe('已经是中文');
  });
});
