import type { ZodTypeAny } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { version } from "../../../package.json";
import type { ApiOperation } from "./operation";
import { apiOperations } from "./operations";

/**
 * The OpenAPI 3.1 document served at `/api/openapi.json` (ADR 047), made from `apiOperations`: the very zod schemas
 * the routes validate with, converted to JSON Schema by `zod-to-json-schema`. Its dialect (draft 2019-09 output) is
 * read by OpenAPI 3.1's JSON Schema 2020-12 dialect as it stands.
 */

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  openapi: "3.1.0";
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown> } & Record<string, unknown>;
};
export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
};
export type OpenApiParameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

/**
 * The JSON a client sends (or receives): transforms, refinements and preprocessing are documented by their input,
 * and an object that drops unknown keys (zod's default) says it accepts them; only `.strict()` objects refuse them.
 * Every schema is written out in place (no `$ref`s into a definitions section that a path would have to carry).
 */
export function jsonSchemaOf(schema: ZodTypeAny): JsonSchema {
  const { $schema: _, ...converted } = zodToJsonSchema(schema, {
    target: "jsonSchema2019-09",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: "input",
    removeAdditionalStrategy: "strict",
  }) as JsonSchema;
  return converted;
}

/** The answers every operation may give besides its success: all of them the one error shape. */
export const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  "400": { name: "BadRequest", description: "Invalid input: `fieldErrors` names the fields." },
  "401": { name: "Unauthorized", description: "No session or token, or an expired or revoked one." },
  "402": { name: "PaymentRequired", description: "The plan's limit is reached (tasks, cues per day, file storage)." },
  "403": {
    name: "Forbidden",
    description: "The caller's role, token scope or plan does not allow it, or a cross-site cookie call.",
  },
  "404": { name: "NotFound", description: "No such thing in this workspace (another workspace's ids included)." },
  "409": { name: "Conflict", description: "The request clashes with the current state (a duplicate, a full list)." },
  "413": { name: "PayloadTooLarge", description: "The body is over its cap (64 KB for JSON)." },
  "415": { name: "UnsupportedMediaType", description: "The body's Content-Type is not the one the operation reads." },
  "429": { name: "TooManyRequests", description: "Past a rate limit; `Retry-After` says when to try again." },
};

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  description: "Every /api error: a message, and for invalid input the messages by field (`_` for the body itself).",
  properties: {
    error: { type: "string" },
    fieldErrors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
  required: ["error"],
};

const SESSION_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { demoToken: [] }, { sessionCookie: [] }];

const SECURITY: Record<ApiOperation["auth"], Record<string, string[]>[]> = {
  session: SESSION_SECURITY,
  owner: SESSION_SECURITY,
  admin: SESSION_SECURITY,
  public: [],
  slack: [{ slackSignature: [] }],
  stripe: [{ stripeSignature: [] }],
};

const AUTH_NOTES: Partial<Record<ApiOperation["auth"], string>> = {
  owner: "Owners of the workspace only; members get 403.",
  admin: "Administrators only (an identity-provider session whose verified email is in `ADMIN_EMAILS`).",
};

/** `{id}` segments of an OpenAPI path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]);
}

/** `get /api/tasks/{id}/comments` → `getTasksByIdComments`: unique while method and path are. */
export function operationIdOf(method: string, path: string) {
  const words = path
    .replace(/^\/api\/?/, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((segment) => (segment.startsWith("{") ? `By-${segment.slice(1, -1)}` : segment));
  const camel = words
    .flatMap((word) => word.split("-"))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return `${method}${camel}`;
}

function parametersOf(operation: ApiOperation): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = pathParameterNames(operation.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (operation.query) {
    const query = jsonSchemaOf(operation.query);
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: "query",
        required: required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

function requestBodyOf(operation: ApiOperation): OpenApiOperation["requestBody"] {
  if (operation.body) {
    return { required: true, content: { "application/json": { schema: jsonSchemaOf(operation.body) } } };
  }
  if (operation.rawBody) {
    return {
      required: true,
      description: operation.rawBody.description,
      // Read raw (a signature covers its bytes, or it is a file): JSON is still an object, anything else its text.
      content: {
        [operation.rawBody.contentType]: {
          schema: operation.rawBody.contentType === "application/json" ? { type: "object" } : { type: "string" },
        },
      },
    };
  }
  return undefined;
}

function successOf(operation: ApiOperation) {
  const status = String(operation.status ?? 200);
  const description = operation.responseDescription ?? (status === "204" ? "No content." : "Success.");
  if (operation.response) {
    return { [status]: { description, content: { "application/json": { schema: jsonSchemaOf(operation.response) } } } };
  }
  return { [status]: { description } };
}

function operationOf(operation: ApiOperation): OpenApiOperation {
  const parameters = parametersOf(operation);
  const requestBody = requestBodyOf(operation);
  const note = AUTH_NOTES[operation.auth];
  const description = [operation.description, note].filter(Boolean).join("\n\n");
  const errors = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name }]) => [status, { $ref: `#/components/responses/${name}` }]),
  );
  return {
    operationId: operationIdOf(operation.method, operation.path),
    tags: [operation.tag],
    summary: operation.summary,
    ...(description ? { description } : {}),
    security: SECURITY[operation.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successOf(operation), ...errors },
  };
}

const BEARER_DESCRIPTION = [
  "A personal API token made on /settings, sent as `Authorization: Bearer <token>`. Its scope decides what it may do:",
  "`read` (GET only), `read-write` (everything a member may do), or `show-control` (only `GET`/`POST /api/show/live`:",
  "GO, Back, Start and Stop for one workspace).",
].join(" ");

/** The document for these operations; `apiOperations` unless a test hands it others. */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = apiOperations): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`${operation.method} ${operation.path} is documented twice`);
    item[operation.method] = operationOf(operation);
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Cueboard API",
      version,
      description:
        "Cueboard's JSON API for event tasks, the run of show and the crew. Every error is a 4xx " +
        '`{ "error": message, "fieldErrors"?: { field: [messages] } }`; every call works on the caller\'s current ' +
        "workspace. Generated from the schemas the routes validate with (docs/api.md).",
    },
    servers: [{ url: "/", description: "This Cueboard" }],
    tags,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [
          name,
          { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ]),
      ),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: BEARER_DESCRIPTION },
        demoToken: {
          type: "apiKey",
          in: "header",
          name: "x-demo-token",
          description: "A session's token (a demo account's, returned once by `POST /api/demo/signup`).",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "cb_session",
          description: "The browser's session; a state-changing call with it must come from Cueboard's own origin.",
        },
        slackSignature: {
          type: "apiKey",
          in: "header",
          name: "x-slack-signature",
          description: "Slack's signature over the timestamp and raw body (with `x-slack-request-timestamp`).",
        },
        stripeSignature: {
          type: "apiKey",
          in: "header",
          name: "stripe-signature",
          description: "Stripe's signature over the raw body, within five minutes.",
        },
      },
    },
  };
}

let built: { document: OpenApiDocument; text: string } | undefined;

/** The document and its JSON, made once per isolate: it depends on nothing but the code. */
export function openApiDocument() {
  if (!built) {
    const document = buildOpenApiDocument();
    built = { document, text: JSON.stringify(document) };
  }
  return built;
}
