/**
 * Spectral function: an operation carries at least one example, on its request body or on one of
 * its responses (`example` or `examples` of a media type), so an integrator sees a real payload.
 * Runs on the resolved document, where `$ref`s are already followed.
 */
const hasExample = (content) =>
  Object.values(content ?? {}).some(
    (media) => media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0,
  );

export default function operationHasExample(operation) {
  if (operation === null || typeof operation !== 'object') return [];
  const responses = Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => response);
  if (hasExample(operation.requestBody?.content) || responses.some((r) => hasExample(r?.content))) {
    return [];
  }
  return [
    { message: `${operation.operationId ?? 'This operation'} has no example on its request or responses.` },
  ];
}
