// Counts the requests in flight that the user waits for; the frame shows the loading overlay
// (数据加载中，请稍候) while the count is above zero. Polling passes `silent` and is not counted.
type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

export const loadingTracker = {
  start(): () => void {
    inFlight += 1;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      emit();
    };
  },
  count(): number {
    return inFlight;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
