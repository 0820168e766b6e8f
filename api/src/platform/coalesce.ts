/**
 * Joins calls of the same key into one: a call made while another of its key is under way waits for
 * it, then goes with all others that waited meanwhile as one call of `run`, which answers each of
 * them in order. Alone, a call goes at once, so nothing waits that would not have waited anyway; under
 * load, each key costs one round trip at a time however many calls it gets.
 *
 * Why: FerretDB v1 applies an update by reading, changing and writing back the whole document, and the
 * proxy in front of it lets one such update per collection through at a time (decision 013). A form
 * taking a hundred answers at once would queue a hundred updates of its one counter; joined, a few.
 * `run` must answer with exactly one output per input.
 */
export function coalesce<Input, Output>(
  run: (inputs: Input[]) => Promise<Output[]>,
  { maxInputs = 100 }: { maxInputs?: number } = {},
): (key: string, input: Input) => Promise<Output> {
  type Waiting = { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void };
  const lines = new Map<string, { isBusy: boolean; waiting: Waiting[] }>();

  async function serve(key: string): Promise<void> {
    const line = lines.get(key);
    if (!line || line.isBusy) return;
    line.isBusy = true;
    const batch = line.waiting.splice(0, maxInputs);
    try {
      const outputs = await run(batch.map((waiting) => waiting.input));
      if (outputs.length !== batch.length) throw new Error(`${outputs.length} answers for ${batch.length} calls`);
      for (const [index, waiting] of batch.entries()) waiting.resolve(outputs[index] as Output);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      line.isBusy = false;
      if (line.waiting.length === 0) lines.delete(key);
      else void serve(key);
    }
  }

  return (key, input) =>
    new Promise<Output>((resolve, reject) => {
      const line = lines.get(key) ?? { isBusy: false, waiting: [] };
      lines.set(key, line);
      line.waiting.push({ input, resolve, reject });
      void serve(key);
    });
}
