/** Every call of spec §7 under /api, one folder per resource. */
import type { FastifyInstance } from 'fastify';
import { controlRoutes } from './controls/controls.routes.ts';
import { programRoutes } from './programs/programs.routes.ts';
import { statusRoutes } from './status/status.routes.ts';
import { userRoutes } from './user/user.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { sitesRoutes } from './sites/site.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { permissionsRoutes } from './permissions/permissions.routes.ts';
import { areaRoutes } from './areas/area.routes.ts';
import { sectionRoutes } from './sections/section.routes.ts';
import { radioRoutes } from './radios/radio.routes.ts';
import { sensorRoutes } from './sensors/sensor.routes.ts';
import { contactRoutes } from './contacts/contacts.routes.ts';
import { userContactRoutes } from './contacts/user-contact.routes.ts';
import { alarmRoutes } from './alarms/alarms.routes.ts';
import { eventRoutes } from './events/events.routes.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { metricRoutes } from './metrics/metrics.routes.ts';
import { noteRoutes } from './notes/notes.routes.ts';
import { seriesRoutes } from './telemetry/series.routes.ts';
import { maintenanceRoutes } from './maintenance/maintenance.routes.ts';
import { unitRoutes } from './units/unit.routes.ts';

export async function apiRoutes(app: FastifyInstance) {
  await app.register(userRoutes);
  await app.register(statusRoutes);
  await app.register(programRoutes);
  await app.register(controlRoutes);
  await app.register(authRoutes);
  await app.register(sitesRoutes);
  await app.register(usersRoutes);
  await app.register(permissionsRoutes);
  await app.register(areaRoutes);
  await app.register(sectionRoutes);
  await app.register(radioRoutes);
  await app.register(sensorRoutes);
  await app.register(contactRoutes);
  await app.register(userContactRoutes);
  await app.register(alarmRoutes);
  await app.register(notificationRoutes);
  await app.register(eventRoutes);
  await app.register(metricRoutes);
  await app.register(noteRoutes);
  await app.register(seriesRoutes);
  await app.register(maintenanceRoutes);
  await app.register(unitRoutes);
}
