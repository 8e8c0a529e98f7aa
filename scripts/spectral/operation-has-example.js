/**
 * Spectral function: an operation carries at least one example, on its request body or on one of
 * its 2xx responses (`example` or `examples` of a media type), so an integrator sees a real payload.
 * Runs on the resolved document, where `$ref`s are already followed.
 *
 * An operation with nothing to exemplify on success passes without one: no request body, and no
 * 2xx answer with a body other than a file's bytes (a media type whose schema is a `format: binary`
 * string). That is a DELETE or an action answering 204 with no body (`deleteProduct`,
 * `resetUserPassword`), or the signed download, whose answer is the stored file itself. Examples are
 * never invented for them: a fake body would document a payload the API does not take or answer.
 */
const hasExample = (content) =>
  Object.values(content ?? {}).some(
    (media) => media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0,
  );

/** A media type that carries a file's bytes (or has no schema): nothing a JSON example could show. */
const isOpaque = (media) => media?.schema === undefined || media.schema?.format === 'binary';

/** The content of a body that an example could show (not a file's bytes). */
const hasExemplifiableContent = (content) => Object.values(content ?? {}).some((media) => !isOpaque(media));

export default function operationHasExample(operation) {
  if (operation === null || typeof operation !== 'object') return [];
  const responses = Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => response);
  if (hasExample(operation.requestBody?.content) || responses.some((r) => hasExample(r?.content))) {
    return [];
  }
  const nothingToExemplify =
    operation.requestBody === undefined && !responses.some((r) => hasExemplifiableContent(r?.content));
  if (nothingToExemplify) return [];
  return [
    { message: `${operation.operationId ?? 'This operation'} has no example on its request or responses.` },
  ];
}
