/**
 * A pointer position in canvas pixels: a canvas shown narrower than its pixel size (a phone) scales screen
 * offsets by the ratio of its pixel size to its shown size.
 */
export function canvasPoint(
  client: { x: number; y: number },
  rect: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
): { x: number; y: number } {
  const sx = rect.width > 0 ? size.width / rect.width : 1;
  const sy = rect.height > 0 ? size.height / rect.height : 1;
  return { x: (client.x - rect.left) * sx, y: (client.y - rect.top) * sy };
}
