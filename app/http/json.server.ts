/**
 * A JSON answer from a resource route with its status kept: Remix 2 passes a
 * Response through untouched, where data() from a resource route would be
 * answered 200 whatever status it carried.
 */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}
