/**
 * How a tool is offered (docs/mcp.md: Flags), a leaf the tool list, its descriptions and its
 * output schemas all read:
 * - `read`: a `GET`; offered by default.
 * - `write`: changes something; offered with `--tools write` (or by name).
 * - `approval`: moves money already drafted (approves it, or changes a payout that can be
 *   approved); offered only with `--allow-approve`, and each call asks the person first.
 */
export type ToolKind = 'read' | 'write' | 'approval';
