import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('loadConfig accepted a bad configuration');
};

describe('server configuration', () => {
  it('a bad start-up configuration stops with one readable line per problem, naming each setting and value', () => {
    const problems = problemsOf({ PORT: 'abc', APM_SERVICE_NAME: 'gp-web!', APM_SAMPLE_RATE: '2' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"abc"');
    expect(problems.find((p) => p.startsWith('APM_SERVICE_NAME:'))).toMatch(/letters, digits, space, _ and - only.*"gp-web!"/);
    expect(problems.find((p) => p.startsWith('APM_SAMPLE_RATE:'))).toContain('"2"');
  });

  it('the error message itself lists every problem, so the log line alone explains the failed boot', () => {
    try {
      loadConfig({ PORT: '70000', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      for (const key of ['PORT', 'JWT_SECRET', 'LOG_LEVEL']) expect(message).toContain(`  - ${key}:`);
    }
  });

  it.each([
    ['a negative sample rate', { APM_SAMPLE_RATE: '-0.1' }],
    ['a service name with a slash', { APM_SERVICE_NAME: 'gp/web' }],
    ['a session lifetime under a minute', { SESSION_TTL_SECONDS: '30' }],
    ['zero login attempts', { LOGIN_MAX_ATTEMPTS: '0' }],
    ['a database address that is not a URL', { DATABASE_URL: 'the usual database' }],
    ['an unknown role', { ROLE: 'boss' }],
    ['a GP rate that is not a fraction', { POINTS_RATES: '{"TWD":"0.03"}' }],
    ['a GP rate for an unknown currency', { POINTS_RATES: '{"XYZ":"1/1"}' }],
    ['GP rates that are not JSON', { POINTS_RATES: 'TWD=2/65' }],
  ])('%s is refused', (_label, env) => {
    expect(problemsOf(env)).toHaveLength(1);
  });

  it('with nothing set, the embedded demo defaults apply', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, ROLE: 'all', APM_SAMPLE_RATE: 1, APM_SERVICE_NAME: 'gpoints-web', LOGIN_MAX_ATTEMPTS: 10, PIN_MAX_FAILURES: 5 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('edge values the spec allows are accepted: sample rate 0 and 1, names with spaces, underscores and hyphens', () => {
    expect(loadConfig({ APM_SAMPLE_RATE: '0' }).APM_SAMPLE_RATE).toBe(0);
    expect(loadConfig({ APM_SAMPLE_RATE: '1' }).APM_SAMPLE_RATE).toBe(1);
    expect(loadConfig({ APM_SERVICE_NAME: 'GP web_01-eu' }).APM_SERVICE_NAME).toBe('GP web_01-eu');
  });

  it('passwords are hashed at OWASP\'s cost unless the test suite asks for the fast one, which any other NODE_ENV refuses', () => {
    expect(loadConfig({}).PASSWORD_HASH).toBe('owasp');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH: 'fast-for-tests' }).PASSWORD_HASH).toBe('fast-for-tests');
    for (const NODE_ENV of ['production', 'development']) {
      expect(problemsOf({ NODE_ENV, PASSWORD_HASH: 'fast-for-tests' })).toEqual([`PASSWORD_HASH: fast-for-tests is only for the test suite (NODE_ENV=test, got ${NODE_ENV})`]);
    }
  });

  it('an empty variable counts as unset rather than as a bad value', () => {
    expect(loadConfig({ PORT: '', APM_SAMPLE_RATE: '' })).toMatchObject({ PORT: 3000, APM_SAMPLE_RATE: 1 });
  });

  it('TRUST_PROXY: none by default; a hop count or addresses/CIDRs as Express takes them; never "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,192.168.1.7,fd00::/8,172.16.0.0/255.240.0.0' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0/8', 'loopback,proxy.example.com']) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([expect.stringMatching(/^TRUST_PROXY: must be false, a hop count/)]);
    }
  });

  it('login and sign-up limits have defaults that let a busy shared address log in', () => {
    expect(loadConfig({})).toMatchObject({
      LOGIN_MAX_ATTEMPTS: 10,
      LOGIN_WINDOW_SECONDS: 900,
      LOGIN_ADDRESS_MAX_FAILURES: 100,
      LOGIN_SLOWDOWN_AFTER: 10,
      LOGIN_SLOWDOWN_MAX_SECONDS: 300,
      LOGIN_KNOWN_ADDRESS_DAYS: 30,
      SIGNUP_MAX_PER_ADDRESS: 10,
      SIGNUP_WINDOW_SECONDS: 3600,
    });
  });

  it('GP rates: a deployment changes one currency and keeps the defaults of the others', () => {
    const { POINTS_RATES } = loadConfig({ POINTS_RATES: '{"TWD":"1/30"}' });
    expect(POINTS_RATES).toMatchObject({ TWD: '1/30', CAD: '73/100', USD: '1/1' });
  });
});
