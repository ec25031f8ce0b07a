import { ErrorResponseSchema } from '@pgel/shared/schemas/common';
import {
  CollegeOptionListSchema,
  DepartmentDetailSchema,
  DepartmentOptionListSchema,
} from '@pgel/shared/schemas/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReferenceService } from './reference.service';

/** Public reference data the sign-up page needs. */
export function referenceRoutes(service: ReferenceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/colleges',
      {
        schema: {
          tags: ['reference'],
          summary: 'Colleges to choose from at sign-up',
          response: { 200: CollegeOptionListSchema },
        },
      },
      async () => ({ items: await service.listCollegeOptions() }),
    );

    app.get(
      '/colleges/:collegeId/departments',
      {
        schema: {
          tags: ['reference'],
          summary: 'Departments a college runs',
          params: z.object({ collegeId: z.string() }),
          response: { 200: DepartmentOptionListSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => ({ items: await service.listDepartmentOptions(request.params.collegeId) }),
    );

    app.get(
      '/departments/:departmentId',
      {
        schema: {
          tags: ['reference'],
          summary: 'Department detail with its courses',
          params: z.object({ departmentId: z.string() }),
          response: { 200: DepartmentDetailSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => service.getDepartmentDetail(request.params.departmentId),
    );
  };
}
