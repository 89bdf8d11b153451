/**
 * The HTTP API as one type, read off the route table (routes.ts): for each route, keyed by its id
 * ('POST /api/analyze'), the input a client sends and the reply it gets back, as JSON carries it.
 * The page's client (web/src/api.ts) is typed from it, so a route's reply type is declared once, by
 * its operation in the service's table (src/service/operation-table.ts), and never copied.
 */
import type { API_ROUTES, Method } from './routes.ts';

type Route = (typeof API_ROUTES)[number];

/** A value as JSON.parse gives it back: the server writes bigints as decimal strings. */
export type Wire<T> = T extends bigint
  ? string
  : T extends readonly unknown[]
    ? { [K in keyof T]: Wire<T[K]> }
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** What a client sends: an operation's request as a client writes it, or a state route's query. */
type InputOf<R> = R extends { readonly op: unknown; readonly input?: infer I }
  ? Exclude<I, undefined>
  : R extends { readonly answer: (server: never, query: infer Q) => unknown }
    ? Q
    : never;

/** What a route answers: its operation's reply, or what a state route's answer returns. */
type ReplyOf<R> = R extends { readonly op: unknown; readonly reply?: infer X }
  ? Exclude<X, undefined>
  : R extends { readonly answer: (...args: never[]) => infer X }
    ? Exclude<X, null>
    : never;

/** Every route of the API: its method and path, its input and its reply on the wire. */
export type ApiSchema = {
  [R in Route as `${R['method']} ${R['path']}`]: {
    method: R['method'];
    path: R['path'];
    input: InputOf<R>;
    reply: Wire<ReplyOf<R>>;
  };
};

/** A route's id: its method and path, as the HTTP request line names them ('POST /api/analyze'). */
export type RouteId = keyof ApiSchema;

export type ApiInput<K extends RouteId> = ApiSchema[K]['input'];
export type ApiReply<K extends RouteId> = ApiSchema[K]['reply'];
export type { Method };
