// The browsable API: Swagger UI over this service's own OpenAPI document, offline.
window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null, // no call to an outside validator
  tryItOutEnabled: true,
  defaultModelsExpandDepth: 0,
});
