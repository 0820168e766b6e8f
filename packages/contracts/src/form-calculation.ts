/**
 * Evaluates a calculated field's expression: numbers, field references in braces (`{price}`), + - * /,
 * unary minus and parentheses. A small parser of its own, never `eval`: expressions are written by
 * form authors and evaluated on respondents' devices and on the server alike.
 */
export type CalculationResult = { value: number } | { error: 'syntax' | 'division' };

type Token = { kind: 'number'; value: number } | { kind: 'field'; id: string } | { kind: 'symbol'; value: string };

function tokenize(expression: string): Token[] | null {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d+)?)|\{([A-Za-z0-9_-]{1,40})\}|([-+*/()]))/y;
  let index = 0;
  while (index < expression.length) {
    if (/^\s+$/.test(expression.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) return null;
    index = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: 'field', id: match[2] });
    else tokens.push({ kind: 'symbol', value: match[3] ?? '' });
  }
  return tokens;
}

/** The ids of the fields an expression reads, or null when it does not parse. */
export function findReferencedFieldIds(expression: string): string[] | null {
  const tokens = tokenize(expression);
  return tokens ? tokens.flatMap((token) => (token.kind === 'field' ? [token.id] : [])) : null;
}

/** Computes the expression; a field without a numeric answer counts as 0. */
export function calculate(expression: string, readNumber: (fieldId: string) => number): CalculationResult {
  const tokens = tokenize(expression);
  if (!tokens || tokens.length === 0) return { error: 'syntax' };
  let position = 0;
  let isDivisionByZero = false;
  const peek = () => tokens[position];
  const take = () => tokens[position++];

  // expression := term (('+' | '-') term)* ; term := factor (('*' | '/') factor)* ;
  // factor := number | field | '-' factor | '(' expression ')'
  const parseFactor = (): number | null => {
    const token = take();
    if (!token) return null;
    if (token.kind === 'number') return token.value;
    if (token.kind === 'field') return readNumber(token.id);
    if (token.value === '-') {
      const value = parseFactor();
      return value === null ? null : -value;
    }
    if (token.value === '(') {
      const value = parseExpression();
      const closing = take();
      return closing?.kind === 'symbol' && closing.value === ')' ? value : null;
    }
    return null;
  };
  const parseTerm = (): number | null => {
    let value = parseFactor();
    for (
      let next = peek();
      value !== null && next?.kind === 'symbol' && (next.value === '*' || next.value === '/');
      next = peek()
    ) {
      take();
      const right = parseFactor();
      if (right === null) return null;
      if (next.value === '/' && right === 0) isDivisionByZero = true;
      value = next.value === '*' ? value * right : value / right;
    }
    return value;
  };
  const parseExpression = (): number | null => {
    let value = parseTerm();
    for (
      let next = peek();
      value !== null && next?.kind === 'symbol' && (next.value === '+' || next.value === '-');
      next = peek()
    ) {
      take();
      const right = parseTerm();
      if (right === null) return null;
      value = next.value === '+' ? value + right : value - right;
    }
    return value;
  };

  const value = parseExpression();
  if (value === null || position !== tokens.length) return { error: 'syntax' };
  if (isDivisionByZero || !Number.isFinite(value)) return { error: 'division' };
  return { value };
}
