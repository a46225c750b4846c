'use strict';

module.exports = {
  register() {},
  async bootstrap() {},
};
