import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The unit tests' one network: every request a test makes is answered by the handlers it gave
 * (`server.use(...)`, reset after each test), and any other request fails the test
 * (tests/setup.ts), so a test can neither reach a real server nor depend on one by accident.
 */
export const server = setupServer();

/** A GraphQL request as the CMS received it: its JSON body as sent, and its headers. */
export interface GraphqlCall {
  body: { query: string; operationName?: string; variables?: Record<string, unknown> };
  /** The body's operationName, or else the one the document names (`query Name ...`). */
  operation: string | null;
  headers: Headers;
}

/** What the CMS answers an operation: its `data`, or a function of the call giving the `data`
 * or a whole Response (`HttpResponse.error()` for a network failure). */
type GraphqlAnswer = ((call: GraphqlCall) => unknown) | JsonBodyType;

/**
 * The CMS's GraphQL endpoint (any origin's `/graphql`), answering by operation name: `answers`
 * maps each expected operation to its answer, or is one function for every operation. An
 * operation it does not name is left unhandled, so it fails the test. Returns the calls, in
 * order, in place of a mock's `mock.calls`.
 */
export function answerGraphql(
  answers: Record<string, GraphqlAnswer> | ((call: GraphqlCall) => unknown),
): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  server.use(
    http.post('*/graphql', async ({ request }) => {
      const body = (await request.clone().json()) as GraphqlCall['body'];
      const operation =
        body.operationName ??
        /\b(?:query|mutation|subscription)\s+(\w+)/.exec(body.query)?.[1] ??
        null;
      const answer =
        typeof answers === 'function'
          ? answers
          : operation !== null && Object.hasOwn(answers, operation)
            ? answers[operation]
            : undefined;
      if (answer === undefined) return undefined;
      const call: GraphqlCall = { body, operation, headers: request.headers };
      calls.push(call);
      const result = typeof answer === 'function' ? await answer(call) : answer;
      return result instanceof Response
        ? result
        : HttpResponse.json({ data: (result ?? null) as JsonBodyType });
    }),
  );
  return calls;
}

/** A request that never gets an answer until its signal aborts it, as a CMS that hangs. */
export function neverAnswers(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) =>
    request.signal.addEventListener('abort', () => reject(request.signal.reason)),
  );
}

/** Every request the page makes from now on, handled or not (tests/setup.ts stops listening). */
export function requestsSeen(): Request[] {
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => requests.push(request));
  return requests;
}

/** From now on every request waits forever: a CMS that never answers. */
export function nothingAnswers(): void {
  server.use(http.all('*', () => new Promise<never>(() => undefined)));
}

/** From now on every request fails as fetch does offline (a network error, a TypeError). */
export function networkGone(): void {
  server.use(http.all('*', () => HttpResponse.error()));
}

/** A media file of `size` bytes, streamed in 1 KB chunks, with its Content-Length. */
export function mediaResponse(size: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < size; sent += 1024)
        controller.enqueue(new Uint8Array(Math.min(1024, size - sent)));
      controller.close();
    },
  });
  return new HttpResponse(body, { status: 200, headers: { 'content-length': String(size) } });
}
