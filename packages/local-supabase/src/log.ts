// One readable line per event, prefixed with the service it comes from.

export type Service =
  'stack' | 'db' | 'rest' | 'auth' | 'storage' | 'functions' | 'mail' | 'realtime' | 'gateway' | 'cron';

export interface Logger {
  info(service: Service, message: string): void;
  warn(service: Service, message: string): void;
  error(service: Service, message: string): void;
  /** Per-request lines; shown only in verbose mode. */
  debug(service: Service, message: string): void;
}

const COLORS: Record<Service, number> = {
  stack: 37,
  db: 34,
  rest: 36,
  auth: 35,
  storage: 33,
  functions: 32,
  mail: 94,
  realtime: 96,
  gateway: 90,
  cron: 93,
};

export function consoleLogger({ verbose = false }: { verbose?: boolean } = {}): Logger {
  const color = process.stdout.isTTY && !process.env.NO_COLOR;
  const tag = (service: Service) => {
    const label = service.padEnd(9);
    return color ? `\u001b[${COLORS[service]}m${label}\u001b[0m` : label;
  };
  return {
    info: (service, message) => console.log(`${tag(service)} ${message}`),
    warn: (service, message) => console.warn(`${tag(service)} ⚠ ${message}`),
    error: (service, message) => console.error(`${tag(service)} ✖ ${message}`),
    debug: (service, message) => {
      if (verbose) console.log(`${tag(service)} ${message}`);
    },
  };
}

/** Keeps the lines in memory (tests print them when something fails). */
export function memoryLogger(lines: string[] = []): Logger & { lines: string[] } {
  const push = (level: string) => (service: Service, message: string) => {
    lines.push(`${level} ${service}: ${message}`);
    if (lines.length > 2000) lines.splice(0, lines.length - 2000);
  };
  return { lines, info: push('info'), warn: push('warn'), error: push('error'), debug: push('debug') };
}
