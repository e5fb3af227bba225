/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests per second across all connections. */
    overallRate?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Each connection sends these in turn, paths relative to `url`. */
    requests?: {
      method?: string;
      path: string;
      headers?: Record<string, string>;
      body?: string;
    }[];
  };

  /** Percentiles as hdr-histogram-percentiles-obj names them, e.g. p50, p97_5, p99. */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };

  export default function autocannon(options: Options): Promise<Result>;
}
