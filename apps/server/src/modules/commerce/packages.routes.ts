import { canManageCommerce } from '@pgel/shared/auth/policies';
import {
  CollegePackagesSavedSchema,
  CollegePackagesSchema,
  PackageInputSchema,
  PackageListSchema,
  PackageSchema,
  SetCollegePackagesSchema,
} from '@pgel/shared/commerce/packages';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gate, IdParams, requestMeta } from '../../platform/route-gates';
import { requireActor } from '../../platform/session';
import type { PackagesService } from './packages.service';

const signedIn = gate(() => true);
const master = gate(canManageCommerce);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema };
const PackageSavedSchema = z.object({ message: z.string(), package: PackageSchema });
const CollegeParams = z.object({ collegeId: z.string() });

/**
 * `/api/v1/packages`: what a student buys (the cart) and Master's /managePackages; and
 * `/api/v1/colleges/{collegeId}/packages`: the packages Master enables for a college (/addCollege).
 */
export function packagesRoutes(service: PackagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/packages',
      {
        onRequest: signedIn,
        schema: {
          tags: ['commerce'],
          summary:
            "Packages on sale to the caller's college, in cart order; Master sees every package and the colleges it is enabled for",
          response: { 200: PackageListSchema, ...errors },
        },
      },
      async (request) => service.list(requireActor(request)),
    );

    app.get(
      '/colleges/:collegeId/packages',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Every package and whether the college is offered it (Master)',
          params: CollegeParams,
          response: { 200: CollegePackagesSchema, ...withNotFound },
        },
      },
      async (request) => service.collegePackages(requireActor(request), request.params.collegeId),
    );

    app.put(
      '/colleges/:collegeId/packages',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Set the packages enabled for a college beyond those offered everywhere (Master); audited',
          params: CollegeParams,
          body: SetCollegePackagesSchema,
          response: { 200: CollegePackagesSavedSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.setCollegePackages(
          requireActor(request),
          request.params.collegeId,
          request.body,
          requestMeta(request),
        ),
    );

    app.post(
      '/packages',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Add a package (Master); prices in rupees, stored in paise',
          body: PackageInputSchema,
          response: { 201: PackageSavedSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(requireActor(request), request.body, requestMeta(request))),
    );

    app.put(
      '/packages/:id',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Edit a package (Master); orders already made keep their amounts',
          params: IdParams,
          body: PackageInputSchema,
          response: { 200: PackageSavedSchema, ...withNotFound },
        },
      },
      async (request) =>
        service.update(requireActor(request), request.params.id, request.body, requestMeta(request)),
    );

    app.delete(
      '/packages/:id',
      {
        onRequest: master,
        schema: {
          tags: ['commerce'],
          summary: 'Delete a package nobody has ordered (Master); one with orders is hidden instead',
          params: IdParams,
          response: { 200: MessageResponseSchema, ...withNotFound, 409: ErrorResponseSchema },
        },
      },
      async (request) => service.delete(requireActor(request), request.params.id, requestMeta(request)),
    );
  };
}
