import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@api/openapi';

/**
 * Every answer the HTTP suite receives, checked against the API description (api/): an answer
 * whose route and status the document describes must match its schema exactly, an error must have
 * the error shape, and a success the document does not describe fails. Paths the document does not
 * name (the web app, photos, unknown routes) are not the API's and pass unchecked.
 */

interface DescribedResponse {
  content?: { 'application/json'?: { schema: object } };
}
type PathItem = Record<string, { responses: Record<string, DescribedResponse> }>;

const document = openApiDocument();
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats.default(ajv);

const CHECKED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

// Static paths first, so /api/registries/my is not read as /api/registries/{id}.
const templates = Object.entries(document.paths as Record<string, PathItem>)
  .map(([template, item]) => ({
    template,
    item,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

const compiled = new Map<object, ValidateFunction>();
function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export class UndescribedResponse extends Error {}

/** Throws when an answer breaks the API description; returns quietly otherwise. */
export function checkResponse(method: string, url: string, status: number, body: unknown): void {
  const upper = method.toUpperCase();
  if (!CHECKED_METHODS.has(upper)) return;
  const path = new URL(url, 'http://localhost').pathname;
  const match = templates.find((candidate) => candidate.pattern.test(path));
  if (!match) return;
  const operation = match.item[upper.toLowerCase()];
  const where = `${upper} ${path} (${match.template}) answered ${status}`;
  if (!operation) {
    if (status < 400) throw new UndescribedResponse(`${where}, but the API description has no ${upper} on that path`);
    return;
  }
  const described = operation.responses[String(status)];
  if (!described && status < 400) throw new UndescribedResponse(`${where}, which the API description does not list`);
  const schema = (described ?? operation.responses.default)?.content?.['application/json']?.schema;
  if (!schema) return;
  const validate = validatorFor(schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map(
      (error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
    throw new UndescribedResponse(
      `${where} with a body that does not match the API description:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(body)?.slice(0, 2000)}`,
    );
  }
}
