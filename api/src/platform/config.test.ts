import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('when only MONGODB_URI is set, fills in the defaults', () => {
    expect(parseConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017' })).toEqual({
      NODE_ENV: 'development',
      PORT: 4000,
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB_NAME: 'formwerk',
      MAIL_FROM: 'Formwerk <no-reply@formwerk.localhost>',
      MAIL_DIR: join(process.cwd(), '.data', 'mail'),
      PUBLIC_URL: 'http://localhost:3000',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      SECRET_FILE: join(process.cwd(), '.data', 'server-secret'),
      LOG_LEVEL: 'info',
      PLATFORM_OPERATOR_EMAILS: [],
      RELEASE_TOKENS: [],
    });
  });

  it('reads TRUST_PROXY as Express does: false, a hop count, or addresses', () => {
    const trustOf = (TRUST_PROXY: string) => parseConfig({ MONGODB_URI: 'mongodb://db', TRUST_PROXY }).TRUST_PROXY;
    expect(trustOf('false')).toBe(false);
    expect(trustOf('1')).toBe(1);
    expect(trustOf('10.0.0.0/8, 192.0.2.5')).toBe('10.0.0.0/8, 192.0.2.5');
  });

  it('when SMTP_URL or PUBLIC_URL is not a usable address, refuses to start', () => {
    expect(() => parseConfig({ MONGODB_URI: 'mongodb://db', SMTP_URL: 'mail.example:25' })).toThrow(
      'SMTP_URL must start with smtp:// or smtps://',
    );
    expect(() => parseConfig({ MONGODB_URI: 'mongodb://db', PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      'PUBLIC_URL must be an http(s) URL',
    );
    expect(parseConfig({ MONGODB_URI: 'mongodb://db', PUBLIC_URL: 'https://forms.example/' }).PUBLIC_URL).toBe(
      'https://forms.example',
    );
  });

  it('when PORT is given as text, reads it as a number', () => {
    expect(parseConfig({ MONGODB_URI: 'mongodb://db', PORT: '4100' }).PORT).toBe(4100);
  });

  it('when MONGODB_URI is missing and PORT is not a number, names both in one readable message', () => {
    const parse = () => parseConfig({ PORT: 'eighty' });

    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(
      'The api cannot start, its environment is invalid:\n' +
        '  PORT must be a port number from 1 to 65535\n' +
        '  MONGODB_URI is required, e.g. mongodb://127.0.0.1:27017 (the launcher sets it)',
    );
  });

  it('takes Stripe itself only with the webhook’s secret beside the key; stripe-mock’s address alone is test mode', () => {
    const base = { MONGODB_URI: 'mongodb://db' };
    expect(() => parseConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
    );
    expect(
      parseConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }),
    ).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    });
    expect(parseConfig({ ...base, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:12111',
    );
    expect(() => parseConfig({ ...base, STRIPE_SECRET_KEY: 'pk_live_abc123' })).toThrow('must be a Stripe secret key');
  });

  it('reads the release operators: addresses in lower case, deploy tokens by name', () => {
    const token = 'a'.repeat(32);
    const config = parseConfig({
      MONGODB_URI: 'mongodb://db',
      PLATFORM_OPERATOR_EMAILS: ' Ops@Example.com, lead@example.com ,',
      RELEASE_TOKENS: `ci:${token}, laptop-anna:${token}:with-colon`,
    });
    expect(config.PLATFORM_OPERATOR_EMAILS).toEqual(['ops@example.com', 'lead@example.com']);
    expect(config.RELEASE_TOKENS).toEqual([
      { name: 'ci', token },
      { name: 'laptop-anna', token: `${token}:with-colon` },
    ]);
  });

  it('when a deploy token is short, unnamed or named twice, refuses to start without showing it', () => {
    const base = { MONGODB_URI: 'mongodb://db' };
    const token = 'b'.repeat(32);
    const short = () => parseConfig({ ...base, RELEASE_TOKENS: `ci:${token},deploy:tooShortSecret` });
    expect(short).toThrow(ConfigError);
    expect(short).toThrow('RELEASE_TOKENS entry 2 must be name:token');
    expect(short).not.toThrow('tooShortSecret');
    expect(() => parseConfig({ ...base, RELEASE_TOKENS: token })).toThrow('RELEASE_TOKENS entry 1 must be name:token');
    expect(() => parseConfig({ ...base, RELEASE_TOKENS: `ci:${token},ci:${'c'.repeat(40)}` })).toThrow(
      'RELEASE_TOKENS entry 2 repeats the name ci',
    );
    expect(() => parseConfig({ ...base, PLATFORM_OPERATOR_EMAILS: 'ops@example.com;lead' })).toThrow(
      'PLATFORM_OPERATOR_EMAILS.0 must be email addresses, comma-separated',
    );
  });

  it('when MONGODB_URI is not a MongoDB address, says what it must look like', () => {
    expect(() => parseConfig({ MONGODB_URI: 'postgres://db' })).toThrow(
      'MONGODB_URI must start with mongodb:// or mongodb+srv://',
    );
  });
});
