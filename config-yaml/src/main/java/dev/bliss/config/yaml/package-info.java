/** YAML configuration files read into the plugin API's position-keeping configuration tree. */
package dev.bliss.config.yaml;
