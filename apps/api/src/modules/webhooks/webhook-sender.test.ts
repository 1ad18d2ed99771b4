import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { sendWebhook, signatureHeaders } from './webhook-sender.ts';
import { newEndpointSecret } from './webhooks.repository.ts';

const receivers: Receiver[] = [];
afterEach(async () => {
  while (receivers.length) await receivers.pop()!.close();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

const local = { allowPrivate: true, timeoutMs: 5_000 };

describe('signed webhook requests', () => {
  it('signs the public Standard Webhooks test vector', () => {
    const headers = signatureHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it("is accepted by a receiver verifying with the endpoint's secret, and rejected with another secret", async () => {
    const secret = newEndpointSecret();
    const hook = await receiver();
    const body = JSON.stringify({ type: 'credit_purchase_order', contact: 'Ana', message: 'Pedido de 10 créditos' });

    const result = await sendWebhook({ url: hook.url, secret, messageId: 'msg_teste1', body }, local);

    expect(result).toEqual({ ok: true, statusCode: 204 });
    const [request] = hook.requests;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(new Webhook(secret).verify(request!.body, request!.headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newEndpointSecret()).verify(request!.body, request!.headers)).toThrow();
    expect(Math.abs(Number(request!.timestamp) - Date.now() / 1000)).toBeLessThan(60);
  });

  it.each([
    [200, true],
    [201, true],
    [299, true],
    [400, false],
    [404, false],
    [500, false],
  ])('treats HTTP %i as success: %s', async (status, ok) => {
    const hook = await receiver(() => ({ status }));
    const result = await sendWebhook({ url: hook.url, secret: newEndpointSecret(), messageId: 'msg_x', body: '{}' }, local);
    expect(result.ok).toBe(ok);
    expect(result).toMatchObject({ statusCode: status });
  });

  it('does not follow a redirect, even to an address it would be allowed to reach', async () => {
    const elsewhere = await receiver();
    const hook = await receiver(() => ({ status: 302, headers: { location: elsewhere.url } }));

    const result = await sendWebhook({ url: hook.url, secret: newEndpointSecret(), messageId: 'msg_x', body: '{}' }, local);

    expect(result).toEqual({ ok: false, statusCode: 302, error: 'Redirecionamento (HTTP 302) não é seguido.' });
    expect(elsewhere.connections).toBe(0);
  });

  it('reads Retry-After on 429 and 503 only', async () => {
    const busy = await receiver(() => ({ status: 429, headers: { 'retry-after': '7' } }));
    const down = await receiver(() => ({ status: 503, headers: { 'retry-after': '2' } }));
    const broken = await receiver(() => ({ status: 500, headers: { 'retry-after': '9' } }));
    const send = (url: string) => sendWebhook({ url, secret: newEndpointSecret(), messageId: 'msg_x', body: '{}' }, local);

    expect(await send(busy.url)).toMatchObject({ ok: false, statusCode: 429, retryAfterMs: 7_000 });
    expect(await send(down.url)).toMatchObject({ ok: false, statusCode: 503, retryAfterMs: 2_000 });
    expect(await send(broken.url)).not.toHaveProperty('retryAfterMs');
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const hook = await receiver(() => ({ status: 200, after: new Promise(() => undefined) }));

    const result = await sendWebhook({ url: hook.url, secret: newEndpointSecret(), messageId: 'msg_x', body: '{}' }, { allowPrivate: true, timeoutMs: 200 });

    expect(result).toEqual({ ok: false, error: 'Sem resposta em 0,2 s (tempo esgotado).' });
    expect(hook.requests).toHaveLength(1);
  });

  it('reports a closed port as a connection failure', async () => {
    const hook = await receiver();
    const url = hook.url;
    await receivers.pop()!.close();

    const result = await sendWebhook({ url, secret: newEndpointSecret(), messageId: 'msg_x', body: '{}' }, local);

    expect(result).toEqual({ ok: false, error: 'Falha de conexão: ECONNREFUSED.' });
  });
});
