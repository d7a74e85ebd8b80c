// Routes of the log viewers (allocation task logs in tabs). Each domain owns its route module.
import type { RouteRecordRaw } from 'vue-router';

export const logsRoutes: RouteRecordRaw[] = [];
