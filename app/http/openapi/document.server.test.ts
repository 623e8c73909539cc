import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument, operationIdOf, pathParameterNames, type OpenApiParameter } from "./document.server";
import type { ApiOperation } from "./operation";

const noteSchema = z.object({
  text: z.string().trim().min(1, "Note text is required").max(200),
  pinned: z.boolean().default(false),
  due: z
    .string()
    .transform((value) => new Date(value))
    .optional(),
});
const listQuerySchema = z.object({
  q: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(100),
});

const SAMPLE: ApiOperation[] = [
  {
    method: "get",
    path: "/api/boards/{boardId}/notes",
    tag: "Notes",
    summary: "List notes",
    auth: "session",
    query: listQuerySchema,
    response: z.array(z.object({ id: z.string() })),
  },
  {
    method: "post",
    path: "/api/boards/{boardId}/notes",
    tag: "Notes",
    summary: "Add a note",
    auth: "owner",
    body: noteSchema,
    status: 201,
    responseDescription: "The note.",
  },
  {
    method: "delete",
    path: "/api/boards/{boardId}/notes/{noteId}",
    tag: "Notes",
    summary: "Delete a note",
    auth: "session",
    status: 204,
  },
  {
    method: "post",
    path: "/api/notes/import",
    tag: "Notes",
    summary: "Import notes",
    auth: "public",
    rawBody: { contentType: "text/csv", description: "Notes as CSV." },
  },
];

describe("the OpenAPI document's conversion", () => {
  const document = buildOpenApiDocument(SAMPLE);
  const list = document.paths["/api/boards/{boardId}/notes"].get;
  const add = document.paths["/api/boards/{boardId}/notes"].post;
  const remove = document.paths["/api/boards/{boardId}/notes/{noteId}"].delete;

  it("names path parameters from the path's {segments}", () => {
    expect(pathParameterNames("/api/boards/{boardId}/notes/{noteId}")).toEqual(["boardId", "noteId"]);
    expect(pathParameterNames("/api/health")).toEqual([]);
    expect(remove.parameters).toEqual([
      { name: "boardId", in: "path", required: true, schema: { type: "string" } },
      { name: "noteId", in: "path", required: true, schema: { type: "string" } },
    ]);
  });

  it("makes query parameters from the query object's fields, required where the schema requires them", () => {
    const query = (list.parameters ?? []).filter((p: OpenApiParameter) => p.in === "query");
    expect(query).toEqual([
      { name: "q", in: "query", required: false, schema: { type: "string", maxLength: 50 } },
      { name: "limit", in: "query", required: true, schema: { type: "integer", minimum: 1, maximum: 100 } },
    ]);
  });

  it("documents a JSON body by its input: defaults and transforms are what a client sends", () => {
    const schema = add.requestBody?.content["application/json"].schema;
    expect(schema).toMatchObject({
      type: "object",
      properties: {
        text: { type: "string", minLength: 1, maxLength: 200 },
        pinned: { type: "boolean", default: false },
        due: { type: "string" },
      },
      required: ["text"],
    });
    // zod drops unknown keys rather than refusing them, so the document does not forbid them.
    expect(schema?.additionalProperties).not.toBe(false);
  });

  it("documents a raw body by its media type", () => {
    expect(document.paths["/api/notes/import"].post.requestBody).toEqual({
      required: true,
      description: "Notes as CSV.",
      content: { "text/csv": { schema: { type: "string" } } },
    });
  });

  it("answers the success status with its schema, and every error with the one Error shape", () => {
    expect(list.responses["200"]).toEqual({
      description: "Success.",
      content: {
        "application/json": {
          schema: {
            type: "array",
            items: {
              type: "object",
              properties: { id: { type: "string" } },
              required: ["id"],
              additionalProperties: true,
            },
          },
        },
      },
    });
    expect(add.responses["201"]).toEqual({ description: "The note." });
    expect(remove.responses["204"]).toEqual({ description: "No content." });
    for (const status of ["400", "401", "403", "404", "409", "413", "429"]) {
      const ref = (remove.responses[status] as { $ref: string }).$ref;
      const name = ref.replace("#/components/responses/", "");
      expect(document.components.responses[name]).toMatchObject({
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      });
    }
    expect(document.components.schemas.Error).toMatchObject({ required: ["error"] });
  });

  it("says who may call each operation", () => {
    expect(list.security).toEqual([{ bearerAuth: [] }, { demoToken: [] }, { sessionCookie: [] }]);
    expect(add.description).toContain("Owners of the workspace only");
    expect(document.paths["/api/notes/import"].post.security).toEqual([]);
  });

  it("gives each operation a unique id made from its method and path", () => {
    expect(operationIdOf("get", "/api/boards/{boardId}/notes")).toBe("getBoardsByBoardIdNotes");
    expect(operationIdOf("get", "/api/show/cues.csv")).toBe("getShowCuesCsv");
    expect(operationIdOf("post", "/api/slack/setup-credentials")).toBe("postSlackSetupCredentials");
  });

  it("refuses an operation documented twice", () => {
    expect(() => buildOpenApiDocument([SAMPLE[0], SAMPLE[0]])).toThrow("get /api/boards/{boardId}/notes");
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });
});

describe("the API's OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("is a valid OpenAPI 3.1 document whose every $ref resolves", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("has a unique operationId for every operation", () => {
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
