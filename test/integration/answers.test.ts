// Issue 12: the server answers what the contract says. Every route of the contract is called with
// a valid sample (helpers/route-samples.ts) and its 200 answer is parsed with the route's response
// schema, the one the sync worker parses with (src/sync/http-client.ts): it must pass, and lose
// nothing (a field the schema does not know would be dropped on the client, so the parsed answer
// must equal the answer sent). Routes come from the contract: a new route needs a sample.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../src/api/contract';
import { checkAnswer } from '../../server/http/define-route';
import { HttpError } from '../../server/http/errors';
import { routeSamples } from './helpers/route-samples';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const names = Object.keys(routes) as RouteName[];
const SAMPLES = routeSamples(() => t);

it('covers every route of the contract', () => {
  expect(names.length).toBeGreaterThanOrEqual(64);
  expect(names.filter((n) => !SAMPLES[n])).toEqual([]);
});

describe.each(names)('%s', (name) => {
  it('answers 200 with a body its response schema parses, losing nothing', async () => {
    const me = await t.signIn();
    const body = await SAMPLES[name](me);
    const answer = await t.callUnchecked(name, body, { session: routes[name].auth ? me : undefined });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const parsed = routes[name].response.safeParse(answer.body);
    expect(parsed.error?.issues, JSON.stringify(answer.body).slice(0, 300)).toBeUndefined();
    expect(parsed.data).toEqual(answer.body);
  });
});

describe('the server checks its own answers outside production', () => {
  it('an answer that breaks its schema is a 500 naming the field, not sent as it is', () => {
    let thrown: unknown;
    try {
      checkAnswer(routes.getStates, { states: [{ code: 'MH' }] });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).statusCode).toBe(500);
    expect((thrown as HttpError).message).toContain('states.0.name');
    expect(() => checkAnswer(routes.getStates, { states: [{ code: 'MH', name: 'Maharashtra' }] })).not.toThrow();
  });
});
