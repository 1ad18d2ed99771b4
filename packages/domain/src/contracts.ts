// One contract per endpoint, shared by the server and the browser: method, path, the schemas of
// params, query and body, and the schema of each answer. The server registers its route from the
// contract (so the schemas validate and document it) and the browser calls it through the same
// object (so a path is never paired with a hand-written type).
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone, or a signed-in user whose e-mail is an active PRO user. */
export type EndpointAccess = 'public' | 'pro';

/** The one error shape of every 4xx and 5xx answer. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/apps/:appId/files`. */
  path: `/api/${string}`;
  summary: string;
  /** Longer notes for the API documentation. */
  description?: string;
  tag: string;
  access: EndpointAccess;
  /** The body's encoding when it is not JSON: a file upload is `multipart/form-data`. */
  contentType?: 'multipart/form-data';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success answers by status; `null` is an answer with no JSON body (204, a file, a redirect). */
  responses: { [status: number]: z.ZodType | null };
  /** Error statuses this endpoint documents; all of them carry `errorResponseSchema`. */
  errors?: readonly number[];
}

/** Keeps the literal types of a contract (method, path, schemas) for both sides. */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Params, query and body as the caller writes them (before defaults and coercion); the query is optional. */
export type EndpointInput<E extends EndpointDefinition> = DropUndefined<{
  params: SchemaInput<E['params']>;
  body: SchemaInput<E['body']>;
}> &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : unknown);
type DropUndefined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** Params, query and body as the handler receives them (after parsing). */
export type EndpointParams<E extends EndpointDefinition> = SchemaOutput<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = SchemaOutput<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = SchemaOutput<E['body']>;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessSchemas<E extends EndpointDefinition> = {
  [K in keyof E['responses']]: K extends SuccessStatus ? E['responses'][K] : never;
}[keyof E['responses']];

/** The success answer's body, or undefined for an endpoint whose success has no JSON body. */
export type EndpointResponse<E extends EndpointDefinition> = SchemaOutput<SuccessSchemas<E>>;

export { buildPath, buildQuery, endpointUrl } from './endpoint-url.ts';
