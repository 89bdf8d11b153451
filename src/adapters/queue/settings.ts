/** The queue's defaults, shared by the coordinator, the worker and the CLI's help (no BullMQ import: cheap to load). */

/** Name of the BullMQ queue the coordinator and the workers share unless told otherwise. */
export const DEFAULT_QUEUE_NAME = 'nimber-census';

/** How long the first connection may take before the command gives up (milliseconds). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

/** BullMQ's lock on an active job: renewed every half of it while the worker lives (milliseconds). */
export const DEFAULT_LOCK_DURATION_MS = 30_000;

/** How often each worker looks for jobs whose worker died (their lock expired) and requeues them. */
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;

/** How many times a job may be found stalled (its worker died) and still be requeued. */
export const DEFAULT_MAX_STALLED_COUNT = 2;
